/**
 * A password refused by the organisation's policy, in the reader's language. The server's text is
 * passwordPolicyMessage() of @fieldwatch/shared ("… requires at least 10 characters, a digit …");
 * its rules are read back from it and said with the Security page's own words.
 */
import type { TFunction } from 'i18next';

export const POLICY_PREFIX = "Your organisation's password policy requires ";

export function isPolicyMessage(message: unknown): message is string {
  return typeof message === 'string' && message.startsWith(POLICY_PREFIX);
}

export function policyText(t: TFunction<'admin'>, message: string): string {
  const rules: string[] = [];
  const min = /at least (\d+) characters/.exec(message);
  if (min) rules.push(t('org.security.rule.minLength', { count: Number(min[1]) }));
  if (message.includes('a digit')) rules.push(t('org.security.rule.digit'));
  if (message.includes('upper- and lower-case')) rules.push(t('org.security.rule.mixedCase'));
  if (message.includes('a symbol')) rules.push(t('org.security.rule.symbol'));
  return t('org.security.rule.refused', { rules: rules.join(', ') });
}
