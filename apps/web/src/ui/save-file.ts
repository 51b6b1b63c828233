/**
 * Makes the browser save a file: the app's one download link, for the tables' CSV, the import's templates and
 * the files the server sends. `content` is a ready Blob (kept as it is) or its bytes or text, typed `type`.
 */
export function saveFile(content: Blob | BlobPart, name: string, type?: string): void {
  const blob = content instanceof Blob ? content : new Blob([content], type ? { type } : undefined);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has been handled: the browser has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
