import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { mount, stylesheetsLoaded } from './bootstrap';

// The page adds its stylesheet from a script (vite.config.ts), so it blocks nothing: React draws
// once it has loaded, never unstyled.
void stylesheetsLoaded(document).then(() => mount());
