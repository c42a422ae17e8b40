import type { ApiRoutes } from '../../plugins/signature';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import type { DeviceTrust } from './device-trust';
import type { PasswordResetService } from './password-reset.service';

/** Signed forgotten-password routes: send the link, check it, set the new password with it. */
export const passwordResetRoutes: ApiRoutes<ModuleOptions<{ passwordReset: PasswordResetService; devices: DeviceTrust }>> = async (app, { services: { passwordReset, devices } }) => {
  app.route({
    ...operationRoute(app, 'requestPasswordReset', { tags: ['user'], summary: 'E-mail a password-reset link (same answer whether or not an account uses the address)' }),
    handler: async (request) => {
      const { validMinutes } = await passwordReset.request(request.body.email, request.body.lang, devices.clientOf(request));
      return { sent: true as const, validMinutes };
    },
  });

  app.route({
    ...operationRoute(app, 'checkPasswordReset', { tags: ['user'], summary: 'Whether a reset link still works' }),
    handler: async (request) => {
      const row = await passwordReset.check(request.body.token, request.clientAddress);
      return { expiresAt: row.expiresAt.toISOString() };
    },
  });

  app.route({
    ...operationRoute(app, 'resetPassword', { tags: ['user'], summary: 'Set a new password with a reset link' }),
    handler: async (request, reply) => {
      const { uid } = await passwordReset.reset(request.body.token, request.body.passWord, request.clientAddress);
      // The owner proved the address here: this browser is theirs (decision 0145).
      devices.remember(request, reply, devices.clientOf(request), uid);
      return { reset: true as const };
    },
  });
};
