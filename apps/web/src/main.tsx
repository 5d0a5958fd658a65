import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { mount } from './bootstrap';

mount();
