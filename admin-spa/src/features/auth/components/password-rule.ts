import { PASSWORD_MAX, PASSWORD_MIN } from '@rivet/shared/domain/password';

/** Said before anyone gets it wrong, so the rule is not a surprise. */
export const PASSWORD_HINT = `${PASSWORD_MIN} to ${PASSWORD_MAX} characters, with an uppercase and a lowercase letter, a number and a special character.`;
