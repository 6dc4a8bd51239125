import type { Compiler, RspackPluginInstance } from '@rspack/core';

/**
 * V8's explicit compile hint (Chrome 136+): with this comment on a script's first line, every function in it is
 * compiled eagerly, on a background thread while the script streams in, instead of on the main thread at its
 * first call. https://v8.dev/blog/explicit-compile-hints
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Puts {@link COMPILE_HINT} at the top of the scripts `test` names, after minification (which would drop the
 * comment) and before the source maps and content hashes are made, so both account for the extra line.
 */
export class CompileHintsPlugin implements RspackPluginInstance {
  constructor(private readonly test: (file: string) => boolean) {}

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(CompileHintsPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: CompileHintsPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const { name } of compilation.getAssets())
            if (name.endsWith('.js') && this.test(name))
              compilation.updateAsset(name, (source) => new sources.ConcatSource(COMPILE_HINT, source));
        },
      );
    });
  }
}
