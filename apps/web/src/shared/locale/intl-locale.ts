// One mapping for the website and the server's mails.
export { intlLocale } from '@vsp/contract/languages';
