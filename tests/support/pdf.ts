/** A small one-page PDF as a writer would make it, with `words` in a comment so two files differ. */
export const tinyPdf = (words = "Technical rider") =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\n% ${words}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
