import React, { type ReactNode, useEffect, useMemo } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import createCache from '@emotion/cache';
import { CacheProvider, ThemeProvider } from '@emotion/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { matchRoutes, Route, Router, Routes } from 'react-router';
import { parseShellContext, type RemoteModule, type ShellContext } from '@tunehouse/shell-contract';
import { ErrorPanel, theme } from '@tunehouse/ui';
import { AreaNotFound } from './area-not-found.js';
import { areaNavigator, useAreaLocation } from './area-location.js';
import { ShellProvider } from './shell-react-context.js';

export interface AreaRoute {
  /** A path pattern from the spec's route table, e.g. `/albums/:id/edit/:step` (`*` for the rest of a path). */
  path: string;
  element: ReactNode;
}

export interface AreaDefinition {
  /** Lowercase area name; it is also the emotion cache key, so each area's class names stay apart. */
  name: string;
  /** Semver range of shell contracts this area works with. */
  shellRange: string;
  routes: AreaRoute[];
}

/** Props single-spa passes to an area: the shell's custom props plus its own. */
export interface AreaMountProps {
  shell: unknown;
  name: string;
  /** The area's deployed version, as the registry names it (a 1.5 shell passes it). */
  areaVersion?: string;
  domElementGetter?: () => HTMLElement;
}

export function AreaRoot({ shell, area }: { shell: ShellContext; area: AreaDefinition }) {
  const cache = useMemo(() => createCache({ key: area.name }), [area.name]);
  return (
    <ShellProvider value={shell}>
      <CacheProvider value={cache}>
        <ThemeProvider theme={theme}>
          <QueryClientProvider client={shell.queryClient}>
            <AreaRouter routes={area.routes} />
          </QueryClientProvider>
        </ThemeProvider>
      </CacheProvider>
    </ShellProvider>
  );
}

/**
 * react-router matches the area's routes, most specific first whatever the order they are listed in (a trailing
 * `/*` takes the bare path too). Its location is the area's view of the address (area-location.ts): it moves on
 * `popstate` and on the area's own navigation, not at the shell's pushState, which single-spa may yet cancel.
 */
function AreaRouter({ routes }: { routes: AreaRoute[] }) {
  const location = useAreaLocation();
  return (
    <Router location={location} navigator={areaNavigator}>
      <Routes>
        {routes.map((route) => (
          <Route key={route.path} path={route.path} element={route.element} />
        ))}
        <Route path="*" element={<AreaNotFound />} />
      </Routes>
    </Router>
  );
}

/** The route template showing at `pathname` (`/albums/:id`), for reports that must not carry the address. */
export function routeTemplateAt(routes: AreaRoute[], pathname: string): string | undefined {
  return matchRoutes(
    routes.map((route) => ({ path: route.path })),
    pathname,
  )?.at(-1)?.route.path;
}

/**
 * The panel an area shows for an error thrown while rendering; it reports the error once, through the shell
 * (shell contract 1.5: a no-op without a DSN, absent in an older shell), with the area's name, deployed version
 * and route template.
 */
function RenderErrorPanel({
  error,
  shell,
  area,
  areaVersion,
}: {
  error: Error;
  shell: ShellContext;
  area: AreaDefinition;
  areaVersion: string | undefined;
}) {
  useEffect(() => {
    shell.errors?.report(error, {
      area: area.name,
      areaVersion,
      route: routeTemplateAt(area.routes, window.location.pathname),
    });
  }, [error, shell, area, areaVersion]);
  return (
    <ErrorPanel
      status={500}
      detail={error.message}
      supportEmail={shell.config.supportEmail}
      onBack={() => shell.navigate('/')}
    />
  );
}

/**
 * Turns an area into the module the shell loads as `./app`: single-spa lifecycles plus meta. The shell
 * context is checked at bootstrap, so a shell that does not keep the contract fails loudly and early.
 */
export function createArea(area: AreaDefinition): RemoteModule {
  const lifecycles = singleSpaReact<AreaMountProps>({
    React,
    ReactDOMClient,
    rootComponent: (props) => <AreaRoot shell={parseShellContext(props.shell)} area={area} />,
    errorBoundary: (error, _info, props) => (
      <RenderErrorPanel
        error={error}
        shell={parseShellContext(props.shell)}
        area={area}
        areaVersion={props.areaVersion}
      />
    ),
  });
  return {
    bootstrap: [
      async (props: AreaMountProps) => {
        parseShellContext(props.shell);
      },
      lifecycles.bootstrap,
    ],
    mount: lifecycles.mount,
    unmount: lifecycles.unmount,
    meta: { name: area.name, routes: area.routes.map((route) => route.path), shellRange: area.shellRange },
  } as RemoteModule;
}
