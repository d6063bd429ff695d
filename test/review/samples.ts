/** An XML explanatory note in the Минстрой schema (01.07) with the facts the review cross-checks. */
export const SAMPLE_NOTE = `<?xml version="1.0" encoding="UTF-8"?>
<ExplanatoryNote SchemaVersion="01.07">
  <ExplanatoryNoteNumber>24-017-ПЗ</ExplanatoryNoteNumber>
  <ExplanatoryNoteYear>2025</ExplanatoryNoteYear>
  <NonIndustrialObject>
    <Name>Многоквартирный жилой дом с встроенными помещениями</Name>
    <Address><RussianAddress><RegionCode>77</RegionCode><City>г. Москва</City><Street>ул. Ленина</Street><Building>д. 5</Building></RussianAddress></Address>
    <TEI><Name>Количество этажей</Name><Measure>796</Measure><Value>10</Value></TEI>
    <TEI><Name>Общая площадь здания</Name><Measure>055</Measure><Value>1234.5</Value></TEI>
    <TEI><Name>Квартиры</Name><Measure>909</Measure><Value>120</Value></TEI>
    <LandInfo><LandAreaInfo><CadastralNumber>77:01:0001001:1234</CadastralNumber></LandAreaInfo></LandInfo>
    <ProjectDocumentation>
      <Section2><SectionContent><Document><DocName>СПОЗУ</DocName><DocNumber>24-017-ПЗУ</DocNumber><File><FileName>24-017-ПЗУ.pdf</FileName></File></Document></SectionContent></Section2>
      <Section3><SectionContent><Document><DocName>АР</DocName><DocNumber>24-017-АР</DocNumber><File><FileName>24-017-АР.pdf</FileName></File></Document></SectionContent></Section3>
      <Section5><ElectricitySupply><NotDeveloped>Раздел не разрабатывался</NotDeveloped></ElectricitySupply></Section5>
    </ProjectDocumentation>
  </NonIndustrialObject>
</ExplanatoryNote>`;
