/** The session flag of a passed employer check; it never holds the address itself. */
export const EMPLOYER_FLAG_KEY = 'postfolio.employer-allowed';

export function readEmployerFlag(): boolean {
  try {
    return window.sessionStorage.getItem(EMPLOYER_FLAG_KEY) === '1';
  } catch {
    return false; // storage blocked (privacy settings): the gate simply has to be passed again
  }
}

export function writeEmployerFlag(): void {
  try {
    window.sessionStorage.setItem(EMPLOYER_FLAG_KEY, '1');
  } catch {
    // storage blocked: the link is still enabled for this visit
  }
}
