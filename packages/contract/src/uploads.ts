/** File types recognised by their leading bytes; the name a client sends is never trusted. */
export const fileTypes = ['png', 'jpeg', 'gif', 'webp', 'pdf', 'xls', 'xlsx'] as const;
export type FileType = (typeof fileTypes)[number];

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
   * a course that lists the file.
   */
  access: 'public' | 'owner' | 'buyer';
  /** Accepts several files at once and answers with a list. */
  multiple?: boolean;
}

export const uploadKinds = [
  { endpoint: 'Signature', serve: 'signature', types: ['png', 'jpeg'], maxBytes: 2 * MB, uploader: 'member', access: 'owner' },
  { endpoint: 'Slip', serve: 'slip', types: ['png', 'gif', 'jpeg'], maxBytes: 5 * MB, uploader: 'member', access: 'owner' },
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
  { endpoint: 'Video', serve: 'video', types: images, maxBytes: 5 * MB, uploader: 'staff', access: 'public' },
  { endpoint: 'ProductMini', serve: 'productMini', types: images, maxBytes: 5 * MB, uploader: 'staff', access: 'public' },
  { endpoint: 'ProductHead', serve: 'productHead', types: images, maxBytes: 5 * MB, uploader: 'staff', access: 'public' },
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

/** URL of a stored file, used by the web to show images and documents. */
export function fileUrl(serve: string, file: string): string {
  return `/api/${serve}/${encodeURIComponent(file)}`;
}
