/** A card picture's box, fixed at 16:9 so cards do not jump while images load (courses, news). */
export const cardMediaSx = {
  aspectRatio: '16 / 9',
  width: '100%',
  height: 'auto',
  objectFit: 'cover',
  display: 'block',
  bgcolor: 'grey.200',
} as const;
