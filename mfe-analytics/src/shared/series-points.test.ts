import { describe, expect, it } from 'vitest';
import { chartLines, streamLines } from './series-points.js';

const period = (startDate: string, endDate: string, values: number[]) => ({
  bucketLabel: startDate,
  startDate,
  endDate,
  values,
});

describe('series periods', () => {
  it('make a line per value position, named in the statistics order, with the periods in date order', () => {
    const lines = chartLines(
      [period('2026-03-02', '2026-03-02', [4, 1]), period('2026-03-01', '2026-03-01', [3, 0])],
      ['Spotify', 'TikTok'],
    );
    expect(lines).toEqual([
      {
        name: 'Spotify',
        total: 7,
        points: [
          { start: '2026-03-01', end: '2026-03-01', value: 3 },
          { start: '2026-03-02', end: '2026-03-02', value: 4 },
        ],
      },
      {
        name: 'TikTok',
        total: 1,
        points: [
          { start: '2026-03-01', end: '2026-03-01', value: 0 },
          { start: '2026-03-02', end: '2026-03-02', value: 1 },
        ],
      },
    ]);
  });

  it('keep week periods as they are given and read full timestamps as their day', () => {
    const [line] = chartLines([period('2026-03-02T00:00:00Z', '2026-03-08T00:00:00Z', [9])], []);
    expect(line).toEqual({
      name: 'Line 1',
      total: 9,
      points: [{ start: '2026-03-02', end: '2026-03-08', value: 9 }],
    });
    expect(chartLines([], ['Spotify'])).toEqual([]);
  });
});

describe('the under-30-second switch', () => {
  const streamPeriod = (day: string, values: number[], sub30: boolean) => ({
    ...period(day, day, values),
    sub30,
  });
  const periods = [
    streamPeriod('2026-03-01', [5], false),
    streamPeriod('2026-03-01', [2], true),
    streamPeriod('2026-03-02', [7], false),
    streamPeriod('2026-03-02', [1], true),
  ];

  it('picks all streams or the plays under 30 seconds only', () => {
    expect(streamLines(periods, false, ['Spotify'])).toMatchObject([{ name: 'Spotify', total: 12 }]);
    expect(streamLines(periods, true, ['Spotify'])).toMatchObject([{ name: 'Spotify', total: 3 }]);
  });
});
