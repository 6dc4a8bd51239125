import { describe, expect, it } from 'vitest';
import { cookieSessionStorage, MAX_COOKIE_BYTES, memorySessionStorage } from './storage.js';
import { wireSession } from './test-helpers.js';

/** A document.cookie that behaves like a browser's for one path: set one cookie per write, read them all. */
function cookieJar() {
  const jar = new Map<string, string>();
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair = '', ...attributes] = line.split(/;\s*/);
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      if (attributes.some((attribute) => /^max-age=0$/i.test(attribute))) jar.delete(name);
      else jar.set(name, pair.slice(index + 1));
    },
  };
}

describe('cookieSessionStorage', () => {
  it('writes path /, Secure, SameSite=None on the base domain and reads the value back', () => {
    const document = cookieJar();
    document.cookie = 'other=1';
    const storage = cookieSessionStorage({ name: 'th_session', domain: 'example.test', document });
    expect(storage.load()).toBeNull();
    const value = JSON.stringify(wireSession());
    storage.save(value);
    const line = document.writes.at(-1)!;
    expect(line.startsWith('th_session=')).toBe(true);
    expect(line).toContain('; Path=/');
    expect(line).toContain('; Domain=example.test');
    expect(line).toContain('; Secure');
    expect(line).toContain('; SameSite=None');
    expect(line).toMatch(/; Max-Age=7776000/);
    expect(storage.load()).toBe(value);
  });

  it('leaves the domain out when none is given', () => {
    const document = cookieJar();
    cookieSessionStorage({ name: 's', document, maxAgeSeconds: 60 }).save('x');
    expect(document.writes[0]).toBe('s=x; Max-Age=60; Path=/; Secure; SameSite=None');
  });

  it('removes the cookie on save(null)', () => {
    const document = cookieJar();
    const storage = cookieSessionStorage({ name: 's', domain: 'example.test', document });
    storage.save('x');
    storage.save(null);
    expect(document.writes.at(-1)).toBe('s=; Max-Age=0; Path=/; Domain=example.test; Secure; SameSite=None');
    expect(storage.load()).toBeNull();
  });

  it('does not mistake a cookie whose name only starts the same', () => {
    const document = cookieJar();
    document.cookie = 'session_old=abc';
    expect(cookieSessionStorage({ name: 'session', document }).load()).toBeNull();
  });

  it('gives null for a value that does not decode', () => {
    const document = cookieJar();
    document.cookie = 's=%E0%A4%A';
    expect(cookieSessionStorage({ name: 's', document }).load()).toBeNull();
  });

  it('keeps a real session well under the browser limit and refuses a cookie above it', () => {
    const document = cookieJar();
    const storage = cookieSessionStorage({ name: 's', document });
    const uuid = '2b1e3c1e-4b8a-4f7e-9a51-2d0f7a3c9b10';
    storage.save(JSON.stringify(wireSession({ id: uuid, userId: uuid })));
    expect(new TextEncoder().encode(document.writes[0]).length).toBeLessThan(MAX_COOKIE_BYTES / 2);
    expect(() => storage.save('x'.repeat(MAX_COOKIE_BYTES))).toThrow(/larger than 4096 bytes/);
  });

  it('does nothing without a document', () => {
    const storage = cookieSessionStorage({ name: 's' });
    expect(storage.load()).toBeNull();
    expect(() => storage.save('x')).not.toThrow();
  });
});

describe('memorySessionStorage', () => {
  it('keeps one value', () => {
    const storage = memorySessionStorage('a');
    expect(storage.load()).toBe('a');
    storage.save(null);
    expect(storage.load()).toBeNull();
  });
});
