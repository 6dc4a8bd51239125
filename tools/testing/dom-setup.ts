import { configure } from '@testing-library/dom';

// Tests run beside the builds and other suites on two cores: waiting 1 s for the DOM made slow machines flaky.
configure({ asyncUtilTimeout: 5000 });
