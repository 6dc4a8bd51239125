import { createArea } from '@tunehouse/area-kit';
import { area } from './area.js';

/** The module the shell loads as `./app`. */
export const { bootstrap, mount, unmount, meta } = createArea(area);
