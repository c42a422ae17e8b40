/**
 * The single-file uploader's checks (spec section 5): size limits in MB with their tips, a
 * forbidden name pattern, and an accept list checked against the file's suffix, where a media or
 * text suffix right after another known extension counts as one double suffix ("song.wav.mp3" has
 * the suffix "wav.mp3", so a renamed file does not pass as an MP3).
 */

export interface FileLimit {
  /** Largest size in MB (1 MB = 1 048 576 bytes). */
  maxSize?: number;
  /** Smallest size in MB. */
  minSize?: number;
  /** When true the file must be larger than minSize, not just as large. */
  minExclusive?: boolean;
  /** Replaces both default size messages. */
  sizeTip?: string;
  /** A file name matching this is refused. */
  pattern?: RegExp;
  patternTip?: string;
  /** Comma-separated suffixes such as ".mp3,.wav" or ".tar.gz". */
  accept?: string;
  acceptTip?: string;
}

/** What the uploader shows: a custom tip as is, or a label key with its parameters. */
export type FileProblem = { text: string } | { key: 'upload.size_max' | 'upload.size_min'; params: { n: number } } | { key: 'upload.name_mismatch' | 'upload.format_mismatch' };

const MB = 1024 * 1024;

/** Suffixes that, after another known extension, make a double suffix. */
const MEDIA_OR_TEXT = new Set(['mp3', 'wav', 'flac', 'aac', 'ogg', 'm4a', 'wma', 'amr', 'mp4', 'mov', 'avi', 'mkv', 'webm', 'txt', 'lrc', 'srt', 'gz']);
const KNOWN_EXTENSIONS = new Set([
  ...MEDIA_OR_TEXT,
  ...['exe', 'bat', 'cmd', 'com', 'scr', 'js', 'vbs', 'ps1', 'sh', 'apk', 'jar', 'zip', 'rar', '7z', 'tar', 'doc', 'docx', 'pdf', 'xls', 'xlsx'],
  ...['ppt', 'pptx', 'jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'html', 'htm', 'fbx', 'tga', 'obj', 'json', 'xml', 'csv'],
]);

/** The file's suffix in lower case, without the leading dot; "" when it has none. */
export function fileSuffix(fileName: string): string {
  const parts = fileName.toLowerCase().split('.');
  if (parts.length < 2) return '';
  const last = parts.at(-1)!;
  const before = parts.at(-2)!;
  if (parts.length >= 3 && MEDIA_OR_TEXT.has(last) && KNOWN_EXTENSIONS.has(before)) return `${before}.${last}`;
  return last;
}

export function acceptedSuffixes(accept: string): string[] {
  return accept
    .split(',')
    .map((s) => s.trim().toLowerCase().replace(/^\./, ''))
    .filter(Boolean);
}

/** The first rule a file breaks, or null when it passes. */
export function checkFile(file: { name: string; size: number }, limit: FileLimit): FileProblem | null {
  if (limit.maxSize !== undefined && file.size > limit.maxSize * MB) {
    return limit.sizeTip ? { text: limit.sizeTip } : { key: 'upload.size_max', params: { n: limit.maxSize } };
  }
  if (limit.minSize !== undefined) {
    const floor = limit.minSize * MB;
    if (limit.minExclusive ? file.size <= floor : file.size < floor) {
      return limit.sizeTip ? { text: limit.sizeTip } : { key: 'upload.size_min', params: { n: limit.minSize } };
    }
  }
  if (limit.pattern && limit.pattern.test(file.name)) {
    return limit.patternTip ? { text: limit.patternTip } : { key: 'upload.name_mismatch' };
  }
  if (limit.accept && !acceptedSuffixes(limit.accept).includes(fileSuffix(file.name))) {
    return limit.acceptTip ? { text: limit.acceptTip } : { key: 'upload.format_mismatch' };
  }
  return null;
}
