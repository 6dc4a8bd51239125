import { mountStandalone } from '@tunehouse/testing';
import { area } from './area.js';

mountStandalone(area);
