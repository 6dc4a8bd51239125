export {
  createFakeShellContext,
  demoSessionView,
  type FakeShellOptions,
  type FakeShellRecord,
} from './fake-shell-context.js';
export { mountStandalone } from './mount-standalone.js';
export { mountThroughContract } from './mount-through-contract.js';
export { renderAreaRoute } from './render-area-route.js';
