/**
 * The page of each admin section, by section id. A section without a page here shows SectionPage
 * (what it will hold). Each feature folder owns its page; this file only names it.
 */
import type { ComponentType } from 'react';
import type { AdminSectionId } from './sections';
import { UsersPage } from '../users/UsersPage';

export const SECTION_PAGES: Partial<Record<AdminSectionId, ComponentType>> = {
  users: UsersPage,
};
