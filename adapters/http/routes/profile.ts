import Router from '@koa/router';
import multer from '@koa/multer';
import type { Container } from 'inversify';
import { AppError } from '../../../domain/errors';
import { LIMITS } from '../../../domain/limits';
import { ProfileService } from '../../../application/profile/profile-service';
import { ImageStore } from '../../../application/ports/services';
import { noPayloadSchema, parseWith } from '../validation';
import { ok } from '../envelope';
import { HttpAuth } from '../auth';
import { presentUser } from '../presenters/user';
import { profileJsonSchema, settingsFromQuery, toProfilePatch } from './profile-input';
import type { AppRouter, HttpState } from '../types';

export const PROFILE_IMAGE_PATH = '/api/save_profile_image';

export function profileRoutes(container: Container): AppRouter {
  const router = new Router<HttpState>();
  const profiles = container.get(ProfileService);
  const images = container.get<ImageStore>(ImageStore);
  const auth = container.get(HttpAuth);
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: LIMITS.imageUploadBytes, files: 1, fields: 5, parts: 6 },
  });

  router.post('/api/load_user', async (ctx) => {
    parseWith(noPayloadSchema, ctx.request.body);
    const user = await auth.required(ctx);
    ok(ctx, { user: presentUser(await profiles.load(user.id)) });
  });

  router.post('/api/update_profile', async (ctx) => {
    const user = await auth.required(ctx);
    const input = parseWith(profileJsonSchema, ctx.request.body);
    ok(ctx, { user: presentUser(await profiles.update(user, toProfilePatch(input))) });
  });

  router.post('/api/save_settings', async (ctx) => {
    const user = await auth.required(ctx);
    const input = parseWith(profileJsonSchema, settingsFromQuery(ctx.query));
    ok(ctx, { user: presentUser(await profiles.update(user, toProfilePatch(input))) });
  });

  router.post(
    PROFILE_IMAGE_PATH,
    // Authenticate before reading the upload: strangers' bytes are never parsed.
    async (ctx, next) => {
      await auth.required(ctx);
      if (!ctx.request.is('multipart/form-data')) {
        throw AppError.validation([{ path: 'image', message: 'Send the image as multipart/form-data' }]);
      }
      // Parsing only: any error here is the upload's (a malformed or truncated body), never the handler's.
      try {
        await upload.single('image')(ctx, async () => undefined);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'LIMIT_FILE_SIZE') throw new AppError('payload_too_large', 'Images may be at most 5 MB');
        if (typeof code === 'string' && code.startsWith('LIMIT_')) {
          throw AppError.validation([{ path: 'image', message: 'Send one image in the field "image"' }]);
        }
        throw AppError.validation([{ path: 'image', message: 'The upload is not a well-formed multipart/form-data body' }]);
      }
      await next();
    },
    async (ctx) => {
      const file = ctx.file;
      if (!file) throw AppError.validation([{ path: 'image', message: 'Choose an image file' }]);
      const user = await profiles.saveImage(ctx.state.user!, file.buffer);
      ok(ctx, { profile_filename: user.profileFilename, user: presentUser(user) });
    },
  );

  router.get('/api/get_profile_image/:filename', async (ctx) => {
    const filename = ctx.params.filename ?? '';
    // @koa/router decodes %2F: only names of the store's own strict shape ever reach the disk.
    const image = images.isValidName(filename) ? await images.read(filename) : null;
    if (!image) throw new AppError('not_found', 'No such image');
    ctx.type = image.contentType;
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = image.bytes;
  });

  return router;
}
