export {
  createFakeShellContext,
  demoSessionView,
  type FakeShellOptions,
  type FakeShellRecord,
} from './fake-shell-context.js';
export { demoAdminUser, demoCurrentUser } from './current-users.js';
export { mountStandalone } from './mount-standalone.js';
export { mountThroughContract } from './mount-through-contract.js';
export { renderAreaRoute } from './render-area-route.js';
export { areaHarness } from './area-harness.js';
export { click, type, choose, settle, eventually, type Target, type ClickableRole } from './user-actions.js';
export { apiError, pageJson, fakeApi, type FakeApiHandler } from './fake-api.js';
export { plannedAnswers } from './planned-answers.js';
export { downloadRecorder, type SavedDownload } from './downloads.js';
