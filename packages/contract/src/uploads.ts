/** File types recognised by their leading bytes; the name a client sends is never trusted. */
export const fileTypes = ['png', 'jpeg', 'gif', 'webp', 'pdf', 'xls', 'xlsx', 'mp4', 'mov', 'webm'] as const;
export type FileType = (typeof fileTypes)[number];

/** How a file of each type is named and served: the stored name takes the extension of the detected type. */
export const fileTypeInfo = {
  png: { mime: 'image/png', extension: 'png', image: true },
  jpeg: { mime: 'image/jpeg', extension: 'jpg', image: true },
  gif: { mime: 'image/gif', extension: 'gif', image: true },
  webp: { mime: 'image/webp', extension: 'webp', image: true },
  pdf: { mime: 'application/pdf', extension: 'pdf', image: false },
  xls: { mime: 'application/vnd.ms-excel', extension: 'xls', image: false },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx', image: false },
  mp4: { mime: 'video/mp4', extension: 'mp4', image: false },
  mov: { mime: 'video/quicktime', extension: 'mov', image: false },
  webm: { mime: 'video/webm', extension: 'webm', image: false },
} as const satisfies Record<FileType, { mime: string; extension: string; image: boolean }>;

/** The multipart field that carries the file(s), as the spec names it. */
export const UPLOAD_FIELD = 'images';
/** At most this many files in one request of a `multiple` kind. */
export const MAX_UPLOAD_FILES = 10;
/** Stored file names are made by the server; anything else in a file URL is refused. */
export const storedFileName = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const STORED_FILE_NAME_MAX = 200;

const images = ['png', 'jpeg', 'gif', 'webp'] as const satisfies readonly FileType[];
const MB = 1024 * 1024;

export interface UploadKind {
  /** POST /api/upload{Endpoint} */
  endpoint: string;
  /** Files are served from /api/{serve}/{file}. */
  serve: string;
  types: readonly FileType[];
  maxBytes: number;
  /** Who may upload: a signed-in member (their own file) or staff only. */
  uploader: 'member' | 'staff';
  /**
   * public: anyone; owner: the uploader and staff; buyer: staff and members who finished buying
   * a course that lists the file; certificate: staff and the member the certificate is made out to.
   */
  access: 'public' | 'owner' | 'buyer' | 'certificate';
  /** Accepts several files at once and answers with a list. */
  multiple?: boolean;
  /**
   * Large files of these types are also accepted, up to their own limit: streamed to disk as they arrive (never
   * held in memory), kept in `folder`, which is never served (a video's source, packaged by a job).
   */
  media?: { types: readonly FileType[]; maxBytes: number; folder: string };
}

export const uploadKinds = [
  {
    endpoint: 'Certificate',
    serve: 'certificate',
    types: ['pdf', 'png', 'jpeg'],
    maxBytes: 10 * MB,
    uploader: 'staff',
    access: 'certificate',
  },
  {
    endpoint: 'Signature',
    serve: 'signature',
    types: ['png', 'jpeg'],
    maxBytes: 2 * MB,
    uploader: 'member',
    access: 'owner',
  },
  {
    endpoint: 'Slip',
    serve: 'slip',
    types: ['png', 'gif', 'jpeg'],
    maxBytes: 5 * MB,
    uploader: 'member',
    access: 'owner',
  },
  { endpoint: 'User', serve: 'user', types: images, maxBytes: 5 * MB, uploader: 'member', access: 'public' },
  { endpoint: 'News', serve: 'news', types: images, maxBytes: 5 * MB, uploader: 'staff', access: 'public' },
  { endpoint: 'NewsHead', serve: 'newsHead', types: images, maxBytes: 5 * MB, uploader: 'staff', access: 'public' },
  {
    endpoint: 'NewsList',
    serve: 'newsList',
    types: images,
    maxBytes: 5 * MB,
    uploader: 'staff',
    access: 'public',
    multiple: true,
  },
  {
    endpoint: 'PdfProduct',
    serve: 'pdfProduct',
    types: ['pdf', 'xls', 'xlsx'],
    maxBytes: 20 * MB,
    uploader: 'staff',
    access: 'buyer',
  },
  { endpoint: 'Coach', serve: 'coach', types: images, maxBytes: 5 * MB, uploader: 'staff', access: 'public' },
  {
    endpoint: 'Video',
    serve: 'video',
    types: images,
    maxBytes: 5 * MB,
    uploader: 'staff',
    access: 'public',
    // A lesson's thumbnail (an image), or its video: the stored name goes into the video's `video_file`.
    media: { types: ['mp4', 'mov', 'webm'], maxBytes: 4 * 1024 * MB, folder: 'videoSource' },
  },
  { endpoint: 'Advert', serve: 'advert', types: images, maxBytes: 5 * MB, uploader: 'staff', access: 'public' },
  // The Send screen's picture: public, since LINE, Messenger and mail clients fetch it by its URL; JPEG or PNG,
  // the types LINE's image message takes, and within its 10 MB.
  {
    endpoint: 'SendImage',
    serve: 'sendImage',
    types: ['png', 'jpeg'],
    maxBytes: 10 * MB,
    uploader: 'staff',
    access: 'public',
  },
  {
    endpoint: 'ProductMini',
    serve: 'productMini',
    types: images,
    maxBytes: 5 * MB,
    uploader: 'staff',
    access: 'public',
  },
  {
    endpoint: 'ProductHead',
    serve: 'productHead',
    types: images,
    maxBytes: 5 * MB,
    uploader: 'staff',
    access: 'public',
  },
  {
    endpoint: 'ProductVertical',
    serve: 'productVertical',
    types: images,
    maxBytes: 5 * MB,
    uploader: 'staff',
    access: 'public',
  },
  {
    endpoint: 'ProductCertificate',
    serve: 'productCertificate',
    types: images,
    maxBytes: 5 * MB,
    uploader: 'staff',
    access: 'public',
  },
] as const satisfies readonly UploadKind[];

export type UploadEndpoint = (typeof uploadKinds)[number]['endpoint'];

/** The `accept` attribute of a file input for a kind, e.g. "image/png,image/jpeg". */
export function acceptOf(kind: Pick<UploadKind, 'types' | 'media'>): string {
  return [...kind.types, ...(kind.media?.types ?? [])].map((t) => fileTypeInfo[t].mime).join(',');
}

/** URL of a stored file, used by the web to show images and documents. */
export function fileUrl(serve: string, file: string): string {
  return `/api/${serve}/${encodeURIComponent(file)}`;
}
