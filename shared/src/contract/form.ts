/**
 * Form rules read from the contract's schemas. A browser form checks a field by the same
 * required / minLength / maxLength / pattern / format:'email' the server's validator applies to
 * the request, without shipping a JSON-schema validator; the problem's text is the spec's
 * ("Username should not be blank", "Enter valid Email", "The password must contain at least six
 * characters") unless the form passes its own, translated, words. The server answers a request
 * its validator refused with the same texts (validationMessage), so both sides say the same.
 *
 * Text fields are read as a form reads them: outer white space does not count, except in
 * passwords (format 'password'), where every character is part of the secret.
 */
import type * as T from 'typebox';
import { blank, invalidEmail } from '../constants';
import { NOT_BLANK } from './common';

export type FieldRule = 'required' | 'minLength' | 'maxLength' | 'pattern' | 'email';
export interface FieldProblem {
  rule: FieldRule;
  /** minLength / maxLength: the limit. */
  limit?: number;
}

/** The keywords of a field's schema that a form checks. */
export interface FieldSchema {
  /** The field's name in the spec's words ("Username"): the messages name it so. */
  title?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

/** What every address the forms accept looks like: something@domain.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (text: string): boolean => EMAIL.test(text);

const OWN_TEXTS = '~texts';

/**
 * Gives a field the spec's own text for some rules (e.g. the password minimum). Kept as a hidden
 * property, like TypeBox's own '~kind': the validator, the OpenAPI document and JSON never see it.
 */
export function withTexts<S extends T.TSchema>(schema: S, texts: Partial<Record<FieldRule, string>>): S {
  Object.defineProperty(schema, OWN_TEXTS, { value: texts, enumerable: false });
  return schema;
}
function ownTexts(schema: FieldSchema): Partial<Record<FieldRule, string>> | undefined {
  return (schema as Record<string, unknown>)[OWN_TEXTS] as Partial<Record<FieldRule, string>> | undefined;
}

/** Length in characters as the validator counts them (code points, not UTF-16 units). */
const length = (text: string) => [...text].length;

/** The first rule `value` breaks, or null. Non-text values are left to the validator. */
export function fieldProblem(fieldSchema: T.TSchema | FieldSchema, value: unknown, required: boolean): FieldProblem | null {
  const schema = fieldSchema as FieldSchema;
  if (value === undefined || value === null) return required ? { rule: 'required' } : null;
  if (typeof value !== 'string') return null;
  const text = schema.format === 'password' ? value : value.trim();
  if (text === '') return required ? { rule: 'required' } : null;
  if (schema.minLength !== undefined && length(text) < schema.minLength)
    return { rule: 'minLength', limit: schema.minLength };
  if (schema.maxLength !== undefined && length(text) > schema.maxLength)
    return { rule: 'maxLength', limit: schema.maxLength };
  if (schema.format === 'email' && !isEmail(text)) return { rule: 'email' };
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(text)) return { rule: 'pattern' };
  return null;
}

/** The spec's text for a problem of a field. */
export function specMessage(fieldSchema: T.TSchema | FieldSchema, problem: FieldProblem): string {
  const schema = fieldSchema as FieldSchema;
  const own = ownTexts(schema)?.[problem.rule];
  if (own) return own;
  const name = schema.title ?? 'Value';
  switch (problem.rule) {
    case 'required':
      return blank(name);
    case 'minLength':
      return (problem.limit ?? 1) <= 1 ? blank(name) : `${name} must contain at least ${problem.limit} characters`;
    case 'maxLength':
      return `${name} can have at most ${problem.limit} characters`;
    case 'email':
      return invalidEmail(name);
    case 'pattern':
      return schema.pattern === NOT_BLANK ? blank(name) : `${name} is not valid`;
  }
}

type ObjectSchema = { properties: Record<string, unknown>; required?: readonly string[] };
type FieldsOf<S extends ObjectSchema> = Extract<keyof S['properties'], string>;

/** The first problem of each field of an object schema; empty when the values pass. */
export function formProblems<S extends ObjectSchema>(
  schema: S,
  values: Partial<Record<FieldsOf<S>, unknown>>,
): Partial<Record<FieldsOf<S>, FieldProblem>> {
  const out: Partial<Record<FieldsOf<S>, FieldProblem>> = {};
  const required = new Set(schema.required ?? []);
  for (const [field, fieldSchema] of Object.entries(schema.properties) as Array<[FieldsOf<S>, FieldSchema]>) {
    const problem = fieldProblem(fieldSchema, values[field], required.has(field));
    if (problem) out[field] = problem;
  }
  return out;
}

/** Words for a problem: the form's translation of (field, rule), or the spec's text by default. */
export type FormMessages<F extends string = string> = (field: F, problem: FieldProblem, schema: FieldSchema) => string;

/** The message of each field's first problem, in the form's words or the spec's. */
export function formErrors<S extends ObjectSchema>(
  schema: S,
  values: Partial<Record<FieldsOf<S>, unknown>>,
  messages: FormMessages<FieldsOf<S>> = (_field, problem, field) => specMessage(field, problem),
): Partial<Record<FieldsOf<S>, string>> {
  const out: Partial<Record<FieldsOf<S>, string>> = {};
  for (const [field, problem] of Object.entries(formProblems(schema, values)) as Array<[FieldsOf<S>, FieldProblem]>)
    out[field] = messages(field, problem, schema.properties[field] as FieldSchema);
  return out;
}

/** One error of the server's validator (ajv), as Fastify reports it. */
export interface ValidatorError {
  keyword: string;
  instancePath: string;
  params?: Record<string, unknown>;
}

/**
 * The spec's text for a request the server's validator refused, when the spec has one: a named
 * field (with a `title`) that is blank, too short or not an e-mail address. Anything else (a
 * missing property, a wrong type, too long) keeps the validator's own technical text, which names
 * the property for API clients.
 */
export function validationMessage(partSchema: unknown, error: ValidatorError): string | undefined {
  const rule: FieldRule | undefined =
    error.keyword === 'minLength' || error.keyword === 'pattern'
      ? error.keyword
      : error.keyword === 'format' && error.params?.format === 'email'
        ? 'email'
        : undefined;
  if (!rule) return undefined;
  let schema = partSchema as { properties?: Record<string, unknown>; items?: unknown } | undefined;
  for (const step of error.instancePath.split('/').slice(1)) {
    const key = step.replace(/~1/g, '/').replace(/~0/g, '~');
    schema = (/^\d+$/.test(key) ? schema?.items : schema?.properties?.[key]) as typeof schema;
  }
  const field = schema as FieldSchema | undefined;
  if (!field?.title) return undefined;
  const limit = typeof error.params?.limit === 'number' ? error.params.limit : undefined;
  return specMessage(field, { rule, ...(limit !== undefined ? { limit } : {}) });
}
