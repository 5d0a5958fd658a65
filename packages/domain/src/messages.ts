/**
 * Visible strings that the browser and the server must agree on. Where SPEC.md gives the text it is
 * copied to the letter; the others are ours.
 */
export const MESSAGES = {
  // SPEC.md section 5, registration
  phoneInvalid: 'Please enter a valid 10-digit US phone number',
  formInvalid: 'Please fill in all fields correctly',
  registrationFailed: 'Registration failed',
  // ours, for the registration rules SPEC.md states without a message
  nameRequired: 'Please enter your full name',
  nameTooLong: 'Name may not be longer than 255 characters',
  businessNameRequired: 'Please enter your business name',
  businessNameTooLong: 'Business name may not be longer than 255 characters',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email address may not be longer than 254 characters',
  emailTaken: 'An account with this email address already exists',
  passwordRequired: 'Please enter your password',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password may not be longer than 128 characters',
  confirmationRequired: 'Please confirm your password',
  confirmationMismatch: 'Passwords do not match',
  // SPEC.md section 8, login
  loginFailed: 'Login failed',
  loginFailedStatus: (status: number) => `Login failed with status: ${status}`,
  serverError: (status: number) => `Server error: ${status}`,
  noResponse: 'No response from server. Please check your connection.',
  loginFallback: 'Failed to login. Please check your credentials and try again.',
  noToken: 'Authentication failed: No token received',
  /** One message for a wrong email and a wrong password: no user enumeration. */
  invalidCredentials: 'These credentials do not match our records.',
  tooManyAttempts: (seconds: number) =>
    `Too many sign-in attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  fetchUserFailed: 'Failed to fetch user data',
  // SPEC.md sections 5 and 8, waiting list
  waitlistWait: 'Please wait a moment before submitting again.',
  waitlistSuccess: "Thank you! You've been added to our waiting list.",
  waitlistError: 'An error occurred. Please try again.',
  waitlistSomethingWrong: 'Something went wrong. Please try again.',
  waitlistTooFast: 'Please take a moment before submitting the form.',
  // SPEC.md section 8, demo login
  demoNoToken: 'No token received from server. Please try again.',
  demoFailed: 'Failed to log in as demo user. Please try again.',
  demoSuccess: 'Successfully logged in as demo user!',
  demoDisabled: 'The demo account is not enabled on this server.',
  // password reset (ours: SPEC.md does not show these screens)
  resetRequested: 'If an account exists for that email address, we have sent a link to reset the password.',
  resetDone: 'Your password has been reset. You can now sign in.',
  resetInvalid: 'This password reset link is invalid or has expired.',
  // transport and generic errors
  unauthenticated: 'Unauthenticated.',
  csrfMismatch: 'CSRF token mismatch.',
  notFound: 'Not found.',
  invalidJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request body is too large.',
  validationFailed: 'The given data was invalid.',
  unexpected: 'Something went wrong on our side. Please try again.',
  tooManyRequests: 'Too many requests. Please slow down and try again shortly.',
} as const;
