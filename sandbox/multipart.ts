// Hand-written multipart/form-data parser (RFC 7578) for attachment uploads; the
// sandbox keeps node:http only, so no busboy/multer.

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string[]>;
  files: FilePart[];
}

export class MultipartError extends Error {}

export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return null;
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? '').trim() : null;
}

export function parseMultipart(raw: Buffer, boundary: string): MultipartForm {
  const delimiter = Buffer.from(`--${boundary}`);
  // Prototype-less: field names are client input (`toString`, `__proto__`, ...).
  const form: MultipartForm = { fields: Object.create(null) as Record<string, string[]>, files: [] };
  let pos = raw.indexOf(delimiter);
  if (pos < 0) throw new MultipartError('No multipart boundary found in the body.');
  for (;;) {
    pos += delimiter.length;
    if (raw.subarray(pos, pos + 2).toString() === '--') return form;
    if (raw.subarray(pos, pos + 2).toString() !== '\r\n') throw new MultipartError('Malformed multipart body.');
    pos += 2;
    const headerEnd = raw.indexOf('\r\n\r\n', pos);
    if (headerEnd < 0) throw new MultipartError('Malformed multipart part headers.');
    const headers = raw.subarray(pos, headerEnd).toString('utf8');
    const next = raw.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next < 0) throw new MultipartError('Unterminated multipart body.');
    addPart(form, headers, raw.subarray(headerEnd + 4, next));
    pos = next + 2;
  }
}

function addPart(form: MultipartForm, headerText: string, data: Buffer): void {
  const headers: Record<string, string> = {};
  for (const line of headerText.split('\r\n')) {
    const idx = line.indexOf(':');
    if (idx > 0) headers[line.slice(0, idx).trim().toLowerCase()] = line.slice(idx + 1).trim();
  }
  const disposition = headers['content-disposition'] ?? '';
  const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
  if (name === undefined) throw new MultipartError('A multipart part has no name.');
  const filenameStar = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition)?.[1];
  const filename =
    filenameStar !== undefined ? safeDecode(filenameStar.trim()) : /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
  if (filename !== undefined) {
    form.files.push({
      field: name,
      filename,
      contentType: headers['content-type'] ?? 'application/octet-stream',
      data: Buffer.from(data),
    });
    return;
  }
  (form.fields[name] ??= []).push(data.toString('utf8'));
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
