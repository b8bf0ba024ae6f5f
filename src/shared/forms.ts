/**
 * The texts of the two forms a visitor sends: the employer gate of the landing page and the
 * contact form of the portfolio (their addresses are FORM_ROUTES in paths.ts). Shared by the
 * pages (which enhance the forms with JavaScript) and the server (which answers them when they
 * are sent natively, without it).
 */

/** The contact form's success text, as the specification words it. */
export const CONTACT_SUCCESS = 'Your message has been sent. Thank you!';

/** The employer gate's refusal of a wrong or empty address, as the specification words it. */
export const WRONG_EMAIL_TEXT = 'Please text my email to login';

/** The employer gate's answer once a client used up its attempts for the minute. */
export const TOO_MANY_TEXT = 'Too many attempts. Please wait a minute and try again.';

/**
 * The landing page's query parameter that shows the employer gate's e-mail box already open:
 * what 'I'm' asks for when no script runs to open the box in place.
 */
export const EMPLOYER_GATE_PARAM = 'employer';
