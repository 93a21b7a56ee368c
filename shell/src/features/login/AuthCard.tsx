import type { ReactNode } from 'react';
import { LanguagePicker } from '../layout/LanguagePicker';
import { Logo } from '../layout/Logo';
import { ThemeToggle } from '../layout/ThemeToggle';
import css from './LoginPage.module.css';

/**
 * The frame of the pages a person sees before (or instead of) the product: sign-in, password
 * link, registration, e-mail confirmation, no organisation yet. Language and theme in the corner,
 * one card with the logo; the page puts its own content in the card.
 */
export function AuthCard({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <div className={css.page}>
      <div className={css.corner}>
        <LanguagePicker compact />
        <ThemeToggle />
      </div>
      <main className={css.card} data-testid={testId}>
        <div className={css.brand}>
          <Logo />
        </div>
        {children}
      </main>
    </div>
  );
}
