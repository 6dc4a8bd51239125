// The area's pages import it from here; it is the kit's one QueryState (with Try again on a failed load).
export { QueryState } from '@tunehouse/area-kit';
