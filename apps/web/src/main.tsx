import '@mantine/core/styles.css';
import './styles.css';
import { mount } from './bootstrap';

mount();
