// form: what a form says (its end, new passwords) and what a refusal of the server means: a whole form's, and a
// field's reason (as the server words it; on a Bengali page, also what the browser's own check of a field found).
export default {
  'form.unsaved': 'Unsaved changes',
  'form.newPassword': 'New password (8 to 72 characters)',
  'form.confirmPassword': 'Confirm new password',
  'form.passwordMismatch': 'does not match the new password',
  // A whole form's refusal, by what it means.
  'form.noConnection': 'The site could not be reached; check the connection.',
  'form.fieldsInvalid': 'Some fields are not valid',
  'form.tooMany': 'Too many requests, please try again later',
  'form.busy': 'The site is busy, please try again in a moment',
  'form.notSaved': 'The site cannot save changes right now, so nothing was saved; please try again later',
  'form.serverError': 'Something went wrong on our side',
  'form.refused': 'The server refused the change (status {status}).',
  // A field's reason, as the server words it.
  'form.reason.required': 'is required',
  'form.reason.tooLong': 'must be at most {max} characters',
  'form.reason.tooLongPlain': 'is too long',
  'form.reason.oneLine': 'must be on one line',
  'form.reason.controls': 'must not contain control characters',
  'form.reason.email': 'must be a valid email address',
  'form.reason.mixedEmail': 'mixes alphabets (such as Latin with Cyrillic or Greek letters), so it reads like another address',
  'form.reason.phone': 'must be 7 to 20 digits (+, -, ( ) and spaces allowed)',
  'form.reason.passwordShort': 'must be at least 8 characters',
  'form.reason.passwordLong': 'must be at most 72 bytes',
  'form.reason.passwordCommon': 'is one of the most common passwords; choose one that is harder to guess',
  'form.reason.notCurrentPassword': 'is not your current password',
  'form.reason.notAccountPassword': 'is not the password of this account',
  'form.reason.choose': 'must be one of the choices given',
  'form.reason.wholeNumber': 'must be a positive whole number',
  // A passkey the browser gave none of (lib/passkeys.js): the login page's and the Account page's.
  'form.passkey.cancelled': 'No passkey was used. Try again, or choose another way.',
  'form.passkey.exists': 'This passkey is already on your account.',
  'form.passkey.failed': 'This browser could not use a passkey here.',
};
