/**
 * yup schemas of the forms (spec §5), with the validation texts the server also uses (constants.ts).
 * Imported as `@fieldwatch/shared/schemas`, not from the package's index: yup (~40 KB minified) then
 * loads only with the forms that validate with it, not on every page.
 */
import * as yup from 'yup';
import { blank, invalidEmail, MESSAGES } from './constants';

/** Login schema: username, password, email, name and phone are text; organisations a list. */
export const loginSchema = yup.object({
  username: yup.string().trim().required(blank('Username')).max(200),
  password: yup.string().required(blank('Password')).max(1000),
  remember: yup.boolean().optional(),
});
export type LoginInput = yup.InferType<typeof loginSchema>;

export const registrationSchema = yup.object({
  username: yup.string().trim().required(blank('Username')).max(200),
  name: yup.string().trim().required(blank('Name')).max(200),
  email: yup.string().trim().required(blank('Email')).email(invalidEmail('Email')).max(320),
  phone: yup.string().trim().max(50).default(''),
  password: yup.string().required(blank('Password')).min(6, MESSAGES.passwordTooShort).max(1000),
  confirmPassword: yup
    .string()
    .required(blank('Confirm password'))
    .oneOf([yup.ref('password')], MESSAGES.passwordsMismatch),
  organizations: yup.array(yup.number().integer().required()).default([]),
});

export const passwordChangeSchema = yup.object({
  oldPassword: yup.string().required(blank('Old password')),
  newPassword: yup.string().required(blank('New password')).min(6, MESSAGES.passwordTooShort),
  confirmPassword: yup
    .string()
    .required(blank('Confirm password'))
    .oneOf([yup.ref('newPassword')], MESSAGES.passwordsMismatch),
});
