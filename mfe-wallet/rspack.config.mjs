import { createAreaConfig } from '@tunehouse/mf-config';

// Who this area is (name, scope, port, title) is its area.manifest.json; libs/mf-config builds the rest.
export default createAreaConfig(import.meta.url);
