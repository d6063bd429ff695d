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

/** A hand-written assignment in the shape of the Минстрой schema 01.00 (root Document of type 05.03). */
export const SAMPLE_ASSIGNMENT = `<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet type="text/xsl" href="DesignAssignment-01-00.xsl" ?>
<Document xsi:noNamespaceSchemaLocation="DesignAssignment-01-00.xsd" TypeCode="05.03" SchemaVersion="01.00" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Requisites><Date>2025-12-10</Date><Number>1</Number></Requisites>
  <ClimateConditions><ClimateDistrict>IIВ</ClimateDistrict><SnowDistrict>III</SnowDistrict></ClimateConditions>
  <Object FireDangerCategory="В" ResponsibilityLevel="нормальный">
    <Name>Школа на 1100 мест</Name>
    <FunctionsClass>02.03.002.003</FunctionsClass>
    <POI><Name>Здание школы</Name><Measure>902</Measure><Value>1100</Value></POI>
    <TEI><Name>Этажность</Name><Measure>796</Measure><Value>не более 4 этажей без учёта технического подполья</Value></TEI>
    <TEI><Name>Общая площадь объекта</Name><Measure>055</Measure><Value>не более 13000</Value></TEI>
    <ProjectSolutions><EnergyEfficiencyRequirements><Requirements><Requirement><Content>
      <Text>1.	- установить класс энергоэффективности здания – В («высокий»):</Text>
    </Content></Requirement></Requirements></EnergyEfficiencyRequirements></ProjectSolutions>
  </Object>
</Document>`;
