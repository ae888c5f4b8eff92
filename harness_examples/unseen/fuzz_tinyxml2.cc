// fuzz_tinyxml2.cc: libFuzzer harness for TinyXML-2, an XML parser grammut
// was never tuned on (scripts/bench_unseen.sh). Parses the input and, when it
// parses, prints it back and walks the elements' attributes.
#include <cstddef>
#include <cstdint>
#include <string>

#include "tinyxml2.h"

static void Walk(const tinyxml2::XMLElement *element, size_t *sink) {
  for (; element != nullptr; element = element->NextSiblingElement()) {
    for (const tinyxml2::XMLAttribute *a = element->FirstAttribute();
         a != nullptr; a = a->Next())
      *sink +=
          std::string(a->Value()).size() + static_cast<size_t>(a->IntValue());
    if (element->GetText() != nullptr)
      *sink += std::string(element->GetText()).size();
    Walk(element->FirstChildElement(), sink);
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(reinterpret_cast<const char *>(data), size) !=
      tinyxml2::XML_SUCCESS)
    return 0;
  tinyxml2::XMLPrinter printer;
  doc.Print(&printer);
  size_t sink = static_cast<size_t>(printer.CStrSize());
  Walk(doc.RootElement(), &sink);
  return sink == 1 ? 1 : 0;  // keeps sink alive; libFuzzer ignores the value
}
