/** Turns CSV text from a tRPC query into a file download (the query checked the session and role). */
export function downloadCsv(file: { filename: string; csv: string }): void {
  // A byte order mark so spreadsheet programs read the file as UTF-8.
  const blob = new Blob(["\uFEFF", file.csv], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
