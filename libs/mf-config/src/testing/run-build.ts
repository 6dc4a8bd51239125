import { rspack, type RspackOptions } from '@rspack/core';

/** Runs one rspack build to its end and closes the compiler; rejects with the build's errors. */
export async function runBuild(options: RspackOptions): Promise<void> {
  const compiler = rspack(options);
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) =>
      error || stats?.hasErrors() ? reject(error ?? new Error(stats?.toString())) : resolve(),
    ),
  );
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
}
