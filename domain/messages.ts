/** User-facing texts from the product spec, verbatim. Shared by the server and the web client. */
export const MESSAGES = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",
  nameRequired: 'Name is required',
  messageRequired: 'Message is required',
  pricePerMinRequired: 'Price per minute is required',
  minsPerSideRequired: 'Minutes per side is required',
  maxBelowMin: "The higher value can't be less than the lower value.",
  fromTimeRequired: 'From time is required',
  toTimeRequired: 'To time is required',
  topUpMin: 'Minimal amount is 5 USD',
  topUpMax: 'Maximal amount is 500 USD',
  selectPlayer: 'Please select a player',
  timezoneRequired: 'Timezone is required',
  timeSlotsRequired: 'Available time slots are required',
  scheduleInsufficientCredits: 'Insufficient credits to schedule the game.',
  userPass: 'Password or email are wrong.',
  unexpected: 'Unexpected error, try again.',
  userExists: 'Email already exists.',
  noUser: 'No such email exists.',
  invalidResetLink: 'This reset link is invalid or has expired. Please request a new one.',
  setPasswordUnexpected: 'Unexpected error, please try again.',
  settingsError: 'Error while saving data.',
  settingsSaved: 'Settings saved successfully!',
  contactError: 'Sorry, there was an error sending your message. Please try again later.',
  contactSuccess: "Thank you for your message! We'll get back to you soon.",
  noPlayersAvailable: 'Unfortunately there are no players available at the moment. Please try again later.',
  noOpponentsMatching: 'There are no opponents matching the search criteria.',
  insufficientCreditTitle: 'Oops, Insufficient Credit Balance',
  scheduleSuccess: "We've received your request! We'll contact you soon via email for details.",
  scheduleError: 'An error occurred while scheduling the game.',
} as const;

/** '<site> username is required', the chess site's name appearing literally. */
export function chessSiteUsernameRequired(site: string): string {
  return `${site} username is required`;
}

export function insufficientCreditText(balance: string, required: string): string {
  return `Your current credit balance is ${balance}, but challenge requires ${required}. Please add funds to your account to proceed.`;
}
