module varchess

go 1.26

require (
	github.com/notnil/chess v1.10.0
	github.com/stretchr/testify v1.12.1
)

require go.yaml.in/yaml/v3 v3.0.5 // indirect
