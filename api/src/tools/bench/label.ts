import type { DemoTrack } from '../../seed/demo-trends.js';

/** The benchmark label: its account, sign-in, date range and catalogue (tracks with their ISRC and barcode). */
export type Label = {
  accountId: string;
  email: string;
  password: string;
  from: string;
  to: string;
  catalogue: (DemoTrack & { isrc: string; barcode: string })[];
};
