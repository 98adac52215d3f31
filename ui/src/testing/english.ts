// Operator component tests read the English texts: each test starts in English.
import { beforeEach } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';

beforeEach(() => localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en'));
