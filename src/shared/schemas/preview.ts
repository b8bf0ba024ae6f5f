import { Type, type Static } from 'typebox';
import { PostWithRelated } from './api.js';

/** Where a previewed post stands: a draft, dated later (scheduled), or already public. */
export const PreviewStatus = Type.Union([
  Type.Literal('draft'),
  Type.Literal('scheduled'),
  Type.Literal('published'),
]);
export type PreviewStatus = Static<typeof PreviewStatus>;

/** What a private preview link (`/preview/{token}`) shows: the post as its page will, and its state. */
export const PostPreview = Type.Intersect([
  PostWithRelated,
  Type.Object({
    preview: Type.Object({
      status: PreviewStatus,
      /** When the link stops working (ISO 8601). */
      expires_at: Type.String(),
    }),
  }),
]);
export type PostPreview = Static<typeof PostPreview>;

export const PreviewParams = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 600 }),
});
