import { checkSinger, checkSongName, isMusicLanguage } from '@vsp/contract/music-rules';

export interface MusicFormValues {
  songName: string;
  singer: string;
  language: string;
  agreed: boolean;
}

/** The file field as the form sees it. */
export type MusicFileState = 'none' | 'uploading' | 'failed' | 'uploaded';

export type MusicFormField = keyof MusicFormValues | 'file';
/** Label keys of the messages to show, per field. */
export type MusicFormErrors = Partial<Record<MusicFormField, string>>;

/** Spec section 5's music form rules, in field order; the file's own checks run when it is picked. */
export function validateMusicForm(values: MusicFormValues, file: MusicFileState): MusicFormErrors {
  const errors: MusicFormErrors = {};
  const song = checkSongName(values.songName);
  if (song) errors.songName = song === 'required' ? 'music.song_name.required' : 'music.song_name.too_long';
  const singer = checkSinger(values.singer);
  if (singer) errors.singer = singer === 'required' ? 'music.singer.required' : 'music.singer.too_long';
  if (file === 'uploading') errors.file = 'upload.repeat';
  else if (file !== 'uploaded') errors.file = 'music.file.required';
  if (!isMusicLanguage(values.language)) errors.language = 'music.language.required';
  if (!values.agreed) errors.agreed = 'music.agreement.required';
  return errors;
}
