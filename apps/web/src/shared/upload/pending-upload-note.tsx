import './pending-upload-note.css';

/**
 * The note under a picker after a reload or a closed tab: which file or folder was left uploading
 * and that choosing it again continues it (pending-uploads.ts). The text is the caller's, as a file
 * and a folder are chosen differently.
 */
export function PendingUploadNote({ text }: { text: string }) {
  return (
    <p className="pending-upload-note" role="status" data-testid="upload-pending">
      {text}
    </p>
  );
}
