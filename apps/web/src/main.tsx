import '@mantine/core/styles.css';
import { mount } from './bootstrap';

mount();
