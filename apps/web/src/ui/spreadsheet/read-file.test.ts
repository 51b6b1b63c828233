import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readOds } from './ods';
import { decodeText, detectDelimiter, kindOf, readCsv, readSpreadsheet } from './read-file';

describe('decoding a CSV', () => {
  it('reads UTF-8 with or without its byte order mark', () => {
    const text = 'Arrivée;Départ';
    expect(decodeText(new TextEncoder().encode(text))).toBe(text);
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]))).toBe(text);
  });

  it('falls back to Windows-1252, as French Excel saves it', () => {
    // "Arrivée;Prix €;d’arrivée" in Windows-1252: é = 0xE9, € = 0x80, ’ = 0x92.
    const bytes = new Uint8Array([
      ...strToU8('Arriv'),
      0xe9,
      0x65,
      ...strToU8(';Prix '),
      0x80,
      0x3b,
      0x64,
      0x92,
    ]);
    expect(decodeText(bytes)).toBe('Arrivée;Prix €;d’');
  });

  it('finds the separator on the header line, ignoring quoted ones', () => {
    expect(detectDelimiter('Arrivée;Départ;Prix\n01/06/2026;03/06/2026;120,50')).toBe(';');
    expect(detectDelimiter('Arrivée\tDépart\tPrix')).toBe('\t');
    expect(detectDelimiter('"Date; arrivée",Départ,Prix')).toBe(',');
  });

  it('reads the cells of a semicolon file with decimal commas', async () => {
    const bytes = strToU8('Arrivée;Prix\r\n01/06/2026;"1 234,50"\r\n\r\n');
    expect(await readCsv(bytes)).toEqual([
      ['Arrivée', 'Prix'],
      ['01/06/2026', '1 234,50'],
    ]);
  });
});

describe('the kind of a file', () => {
  it('trusts the zip signature for spreadsheets and the name otherwise', () => {
    const zip = new Uint8Array([0x50, 0x4b, 3, 4]);
    expect(kindOf('registre.xlsx', zip)).toBe('xlsx');
    expect(kindOf('registre.ods', zip)).toBe('ods');
    expect(kindOf('registre.csv', zip)).toBeNull();
    expect(kindOf('registre.csv', strToU8('a;b'))).toBe('csv');
    expect(kindOf('registre.pdf', strToU8('%PDF'))).toBeNull();
  });
});

describe('reading an OpenDocument spreadsheet', () => {
  const content = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
  xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0">
<office:body><office:spreadsheet><table:table table:name="Séjours">
  <table:table-row>
    <table:table-cell office:value-type="string"><text:p>Arrivée</text:p></table:table-cell>
    <table:table-cell table:number-columns-repeated="2"/>
    <table:table-cell office:value-type="string"><text:p>Prix</text:p></table:table-cell>
    <table:table-cell table:number-columns-repeated="16380"/>
  </table:table-row>
  <table:table-row table:number-rows-repeated="2">
    <table:table-cell office:value-type="date" office:date-value="2026-06-01"/>
    <table:table-cell office:value-type="boolean" office:boolean-value="true"/>
    <table:table-cell/>
    <table:table-cell office:value-type="float" office:value="120.5"/>
  </table:table-row>
  <table:table-row table:number-rows-repeated="1048570"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>
</table:table></office:spreadsheet></office:body></office:document-content>`;

  it('reads typed cells, keeps empty cells between values, and never expands the sheet’s empty end', () => {
    const bytes = zipSync({
      mimetype: strToU8('application/vnd.oasis.opendocument.spreadsheet'),
      'content.xml': strToU8(content),
    });
    expect(readOds(bytes)).toEqual([
      ['Arrivée', '', '', 'Prix'],
      ['2026-06-01', true, '', 120.5],
      ['2026-06-01', true, '', 120.5],
    ]);
  });
});

describe('reading an XLSX workbook', () => {
  const files = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Séjours" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Arrivée</t></is></c><c r="B1" t="inlineStr"><is><t>Prix</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>01/06/2026</t></is></c><c r="B2"><v>120.5</v></c></row></sheetData></worksheet>`,
  };

  it('reads the first sheet with read-excel-file: text as text, numbers as numbers', async () => {
    const bytes = zipSync(
      Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])),
    );
    const file = new File([bytes], 'registre.xlsx');
    expect(await readSpreadsheet(file)).toEqual([
      ['Arrivée', 'Prix'],
      ['01/06/2026', 120.5],
    ]);
  });
});
