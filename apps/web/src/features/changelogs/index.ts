// The changelogs feature's public face: what routes/ and other features use.
export { WhatsNewButton } from './WhatsNewButton';
