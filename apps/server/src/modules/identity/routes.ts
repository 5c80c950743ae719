import { authRoutes } from './auth.routes';
import { meRoutes } from './me.routes';
import { passwordRoutes } from './password.routes';

export const identityRoutes = () => [...authRoutes(), ...passwordRoutes(), ...meRoutes()];
