export { runAdminCommand, type AdminDeps } from './admin-commands';
