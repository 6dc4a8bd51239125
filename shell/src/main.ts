// The async boundary: shared modules (React, ...) are negotiated by Module Federation before bootstrap runs.
import('./bootstrap');
