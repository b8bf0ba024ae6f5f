import { SETTINGS, type Setting, type SettingName } from './vocabulary.js';

const HIDDEN = '****';

/**
 * A setting's value as `postfolio config` shows it: a URL's password, a secret's text and the
 * employer gate's mailbox are replaced by ****, so that the output can be pasted into a report.
 */
export function masked(name: SettingName, value: string): string {
  const setting: Setting = SETTINGS[name];
  if (!value) return value;
  switch (setting.secret) {
    case 'whole':
      return `${HIDDEN} (${value.length} characters)`;
    case 'address':
      return value.replace(/^[^@]*(?=@)/, HIDDEN);
    case 'url':
      // Up to the last @ of the authority: a password is hidden even where it was not encoded.
      return value.replace(/^([a-z][\w+.-]*:\/\/[^:@/?#]*):[^/?#]*@/i, `$1:${HIDDEN}@`);
    default:
      return value;
  }
}
