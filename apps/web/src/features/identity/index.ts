// The identity feature's public face: what routes/ and other features use.
export { DevicesPage } from './devices/DevicesPage';
export { PasswordPage } from './password/PasswordPage';
export { ProfilePage } from './profile/ProfilePage';
