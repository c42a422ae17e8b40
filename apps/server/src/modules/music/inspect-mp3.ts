import type { Readable } from 'node:stream';
import { parseStream } from 'music-metadata';

export interface Mp3Facts {
  durationSeconds: number;
  bitrate: number | undefined;
}

/**
 * Reads what arrived and answers its facts only when it is really MPEG audio layer III: the
 * container is detected from the bytes, never from the name, so a renamed WAV or text file is
 * refused. Every frame is walked to measure the duration.
 */
export async function inspectMp3(stream: Readable, size: number): Promise<Mp3Facts | null> {
  try {
    const { format } = await parseStream(stream, { size }, { duration: true, skipCovers: true });
    const isLayer3 = format.container === 'MPEG' && /layer 3/i.test(format.codec ?? '');
    if (!isLayer3 || !format.duration || !Number.isFinite(format.duration)) return null;
    return { durationSeconds: format.duration, bitrate: format.bitrate ? Math.round(format.bitrate) : undefined };
  } catch {
    return null;
  } finally {
    stream.destroy();
  }
}
