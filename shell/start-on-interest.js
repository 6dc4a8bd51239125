/* global document, window */
// The landing page's only script (docs/decisions/0077-landing-page-without-the-shell-until-needed.md). The page is
// whole without JavaScript (prerendered, plain links), so the shell — React, the federation runtime, the session,
// about 178 KB on the wire — starts only when it is needed: at once for a signed-in visitor (the header is
// theirs), else at the first sign of interest in a link or button (pointer over, focus, touch). On a device that
// can spare it, the browser's idle time only downloads it into the HTTP cache, as the areas' idle prefetch does.
// The sign-in page (login.html) starts the same way, its form drawn by the build: focus on a field is interest, and a
// submit before the shell has taken over is kept on the form for the shell to send
// (docs/decisions/0082-layout-shift-and-startup-work.md, shell/src/prerender/login-handover.ts).
// Written as a plain script the build copies (no bundler, no imports): it must stay a few hundred bytes.
(function () {
  'use strict';
  var tag = document.currentScript;
  var shellSrc = tag && tag.getAttribute('data-shell');
  if (!shellSrc) return;
  var startupSrcs = (tag.getAttribute('data-startup') || '').split(' ').filter(Boolean);
  var INTEREST = ['pointerover', 'focusin', 'touchstart'];
  var started = false;
  // A button clicked before the shell ran (the mobile Menu): clicked again once the shell has hydrated the page.
  var clickedButton = null;

  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < INTEREST.length; i += 1) document.removeEventListener(INTEREST[i], onInterest, true);
    // The entry's chunks download beside it, not after it ran (as the other pages' preload links do).
    for (var j = 0; j < startupSrcs.length; j += 1) appendLink('preload', startupSrcs[j]);
    var script = document.createElement('script');
    script.src = shellSrc;
    document.head.appendChild(script);
  }

  function appendLink(rel, href) {
    var link = document.createElement('link');
    link.rel = rel;
    link.as = 'script';
    link.href = href;
    document.head.appendChild(link);
  }

  function onInterest(event) {
    var target = event.target;
    if (target && target.closest && target.closest('a[href], button, input')) start();
  }

  // The build's sign-in form sends nothing itself (login-handover.ts SUBMIT_REQUESTED_ATTRIBUTE, the same names).
  document.addEventListener(
    'submit',
    function (event) {
      var form = event.target;
      if (!form || !form.hasAttribute || !form.hasAttribute('data-prerendered-form')) return;
      event.preventDefault();
      form.setAttribute('data-submit-requested', '');
      start();
    },
    true,
  );

  function onClick(event) {
    var target = event.target;
    var button = target && target.closest ? target.closest('#root button') : null;
    if (!button) return;
    clickedButton = button;
    start();
  }

  // The sign-in page's "Create an account" keeps the page's `from` (prerender/signup-link.ts draws the same for
  // React; a path on this site, never a sign-in page; the area checks it again where it is used).
  var from = new URLSearchParams(window.location.search).get('from');
  if (from && from.charAt(0) === '/' && /^[^/\\]/.test(from.slice(1)) && from.indexOf('/auth/') !== 0) {
    var keeping = document.querySelectorAll('a[data-keeps-from]');
    for (var k = 0; k < keeping.length; k += 1)
      keeping[k].setAttribute('href', keeping[k].getAttribute('href') + '?from=' + encodeURIComponent(from));
  }

  // bootstrap.tsx announces the hydrated page; from then on React answers clicks itself.
  document.addEventListener('tunehouse:shell-started', function () {
    document.removeEventListener('click', onClick, true);
    var button = clickedButton;
    clickedButton = null;
    if (button && button.isConnected) button.click();
  });
  document.addEventListener('click', onClick, true);

  // The shell's own session cookie (create-session.ts SESSION_COOKIE): a signed-in visitor gets their header now.
  if (/(?:^|;\s*)tunehouse_session=/.test(document.cookie)) {
    start();
    return;
  }
  for (var i = 0; i < INTEREST.length; i += 1) document.addEventListener(INTEREST[i], onInterest, true);

  // As shell/src/chrome/prefetch/area-prefetch.ts mayPrefetchWhenIdle: a phone's CPU and data are not spent ahead.
  function maySpare() {
    var connection = navigator.connection;
    if (connection && (connection.saveData || /(^|-)2g$/.test(connection.effectiveType || ''))) return false;
    if (typeof navigator.deviceMemory === 'number' && navigator.deviceMemory < 4) return false;
    return (navigator.hardwareConcurrency || 0) >= 4;
  }

  function downloadWhenIdle() {
    if (started || !maySpare()) return;
    // The mark bench:web counts a page's bytes up to (shell/src/chrome/prefetch/area-prefetch.ts IDLE_PREFETCH_MARK).
    performance.mark('tunehouse:idle-prefetch');
    var files = [shellSrc].concat(startupSrcs);
    for (var i = 0; i < files.length; i += 1) appendLink('prefetch', files[i]);
  }
  var idle =
    window.requestIdleCallback ||
    function (run) {
      return setTimeout(run, 1);
    };
  if (document.readyState === 'complete') idle(downloadWhenIdle);
  else
    window.addEventListener(
      'load',
      function () {
        idle(downloadWhenIdle);
      },
      { once: true },
    );
})();
