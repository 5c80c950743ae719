import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * An exceljs streaming workbook whose zipped bytes a build's generator hands on as they come:
 * `yield* drain()` after each batch of rows, `await ended` once the workbook is committed, then a
 * last `yield* drain()`. Styles on, shared strings off (they would be kept in memory to the end).
 */
export function streamedWorkbook(options: {
  creator: string;
  title: string;
  /** exceljs' zip options, e.g. a faster deflate for very long sheets. */
  zip?: Partial<ExcelJS.stream.xlsx.WorkbookStreamWriterOptions['zip']>;
}) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.once('end', resolve);
    out.once('error', reject);
  });
  function* drain() {
    while (chunks.length) yield chunks.shift()!;
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    ...(options.zip ? { zip: options.zip } : {}),
  });
  workbook.creator = options.creator;
  workbook.title = options.title;
  return { workbook, drain, ended };
}
