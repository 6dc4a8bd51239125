// Standalone page only; the shell loads ./app instead. The async boundary lets shared modules settle.
import('./standalone.js');
